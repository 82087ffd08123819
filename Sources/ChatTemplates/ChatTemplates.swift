// ChatTemplates
