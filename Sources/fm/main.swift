import FMCommandLine

await FM.main()
