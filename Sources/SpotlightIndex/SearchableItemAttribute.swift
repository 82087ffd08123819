/// The name of an attribute of a searchable item (Apple's 27 `SearchableItemAttribute`), used to
/// say which attributes a search fetches and which ones a guide may filter on.
///
/// The raw value is the name of the matching ``CSSearchableItemAttributeSet`` property (for
/// example `"title"`), which is also the key the attribute is stored under.
public struct SearchableItemAttribute: Hashable, Sendable, RawRepresentable {
    /// The attribute's name.
    public let rawValue: String

    /// Creates an attribute name.
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// An item found by a search (Apple's 27 `SearchableItem`).
///
/// `@unchecked Sendable` as in Apple's interface: the item is a class that callers must not
/// mutate while another task reads it.
public struct SearchableItem: @unchecked Sendable {
    /// The item.
    public let item: CSSearchableItem

    /// Wraps an item.
    public init(item: CSSearchableItem) { self.item = item }
}

extension SearchableItemAttribute {
    /// The `displayName` attribute.
    public static let displayName = SearchableItemAttribute(rawValue: "displayName")
    /// The `alternateNames` attribute.
    public static let alternateNames = SearchableItemAttribute(rawValue: "alternateNames")
    /// The `path` attribute.
    public static let path = SearchableItemAttribute(rawValue: "path")
    /// The `contentURL` attribute.
    public static let contentURL = SearchableItemAttribute(rawValue: "contentURL")
    /// The `thumbnailURL` attribute.
    public static let thumbnailURL = SearchableItemAttribute(rawValue: "thumbnailURL")
    /// The `thumbnailData` attribute.
    public static let thumbnailData = SearchableItemAttribute(rawValue: "thumbnailData")
    /// The `darkThumbnailURL` attribute.
    public static let darkThumbnailURL = SearchableItemAttribute(rawValue: "darkThumbnailURL")
    /// The `relatedUniqueIdentifier` attribute.
    public static let relatedUniqueIdentifier = SearchableItemAttribute(rawValue: "relatedUniqueIdentifier")
    /// The `weakRelatedUniqueIdentifier` attribute.
    public static let weakRelatedUniqueIdentifier = SearchableItemAttribute(rawValue: "weakRelatedUniqueIdentifier")
    /// The `metadataModificationDate` attribute.
    public static let metadataModificationDate = SearchableItemAttribute(rawValue: "metadataModificationDate")
    /// The `contentType` attribute.
    public static let contentType = SearchableItemAttribute(rawValue: "contentType")
    /// The `contentTypeTree` attribute.
    public static let contentTypeTree = SearchableItemAttribute(rawValue: "contentTypeTree")
    /// The `keywords` attribute.
    public static let keywords = SearchableItemAttribute(rawValue: "keywords")
    /// The `title` attribute.
    public static let title = SearchableItemAttribute(rawValue: "title")
    /// The `textContent` attribute.
    public static let textContent = SearchableItemAttribute(rawValue: "textContent")
    /// The `version` attribute.
    public static let version = SearchableItemAttribute(rawValue: "version")
    /// The `userCreated` attribute.
    public static let userCreated = SearchableItemAttribute(rawValue: "userCreated")
    /// The `userOwned` attribute.
    public static let userOwned = SearchableItemAttribute(rawValue: "userOwned")
    /// The `userCurated` attribute.
    public static let userCurated = SearchableItemAttribute(rawValue: "userCurated")
    /// The `rankingHint` attribute.
    public static let rankingHint = SearchableItemAttribute(rawValue: "rankingHint")
    /// The `domainIdentifier` attribute.
    public static let domainIdentifier = SearchableItemAttribute(rawValue: "domainIdentifier")
    /// The `supportsPhoneCall` attribute.
    public static let supportsPhoneCall = SearchableItemAttribute(rawValue: "supportsPhoneCall")
    /// The `supportsNavigation` attribute.
    public static let supportsNavigation = SearchableItemAttribute(rawValue: "supportsNavigation")
    /// The `containerTitle` attribute.
    public static let containerTitle = SearchableItemAttribute(rawValue: "containerTitle")
    /// The `containerDisplayName` attribute.
    public static let containerDisplayName = SearchableItemAttribute(rawValue: "containerDisplayName")
    /// The `containerIdentifier` attribute.
    public static let containerIdentifier = SearchableItemAttribute(rawValue: "containerIdentifier")
    /// The `containerOrder` attribute.
    public static let containerOrder = SearchableItemAttribute(rawValue: "containerOrder")
    /// The `subject` attribute.
    public static let subject = SearchableItemAttribute(rawValue: "subject")
    /// The `theme` attribute.
    public static let theme = SearchableItemAttribute(rawValue: "theme")
    /// The `contentDescription` attribute.
    public static let contentDescription = SearchableItemAttribute(rawValue: "contentDescription")
    /// The `identifier` attribute.
    public static let identifier = SearchableItemAttribute(rawValue: "identifier")
    /// The `audiences` attribute.
    public static let audiences = SearchableItemAttribute(rawValue: "audiences")
    /// The `fileSize` attribute.
    public static let fileSize = SearchableItemAttribute(rawValue: "fileSize")
    /// The `pageCount` attribute.
    public static let pageCount = SearchableItemAttribute(rawValue: "pageCount")
    /// The `pageWidth` attribute.
    public static let pageWidth = SearchableItemAttribute(rawValue: "pageWidth")
    /// The `pageHeight` attribute.
    public static let pageHeight = SearchableItemAttribute(rawValue: "pageHeight")
    /// The `securityMethod` attribute.
    public static let securityMethod = SearchableItemAttribute(rawValue: "securityMethod")
    /// The `creator` attribute.
    public static let creator = SearchableItemAttribute(rawValue: "creator")
    /// The `encodingApplications` attribute.
    public static let encodingApplications = SearchableItemAttribute(rawValue: "encodingApplications")
    /// The `kind` attribute.
    public static let kind = SearchableItemAttribute(rawValue: "kind")
    /// The `fontNames` attribute.
    public static let fontNames = SearchableItemAttribute(rawValue: "fontNames")
    /// The `dueDate` attribute.
    public static let dueDate = SearchableItemAttribute(rawValue: "dueDate")
    /// The `completionDate` attribute.
    public static let completionDate = SearchableItemAttribute(rawValue: "completionDate")
    /// The `startDate` attribute.
    public static let startDate = SearchableItemAttribute(rawValue: "startDate")
    /// The `endDate` attribute.
    public static let endDate = SearchableItemAttribute(rawValue: "endDate")
    /// The `importantDates` attribute.
    public static let importantDates = SearchableItemAttribute(rawValue: "importantDates")
    /// The `allDay` attribute.
    public static let allDay = SearchableItemAttribute(rawValue: "allDay")
    /// The `accountIdentifier` attribute.
    public static let accountIdentifier = SearchableItemAttribute(rawValue: "accountIdentifier")
    /// The `accountHandles` attribute.
    public static let accountHandles = SearchableItemAttribute(rawValue: "accountHandles")
    /// The `mailboxIdentifiers` attribute.
    public static let mailboxIdentifiers = SearchableItemAttribute(rawValue: "mailboxIdentifiers")
    /// The `authorNames` attribute.
    public static let authorNames = SearchableItemAttribute(rawValue: "authorNames")
    /// The `recipientNames` attribute.
    public static let recipientNames = SearchableItemAttribute(rawValue: "recipientNames")
    /// The `authorEmailAddresses` attribute.
    public static let authorEmailAddresses = SearchableItemAttribute(rawValue: "authorEmailAddresses")
    /// The `recipientEmailAddresses` attribute.
    public static let recipientEmailAddresses = SearchableItemAttribute(rawValue: "recipientEmailAddresses")
    /// The `authorAddresses` attribute.
    public static let authorAddresses = SearchableItemAttribute(rawValue: "authorAddresses")
    /// The `recipientAddresses` attribute.
    public static let recipientAddresses = SearchableItemAttribute(rawValue: "recipientAddresses")
    /// The `phoneNumbers` attribute.
    public static let phoneNumbers = SearchableItemAttribute(rawValue: "phoneNumbers")
    /// The `emailAddresses` attribute.
    public static let emailAddresses = SearchableItemAttribute(rawValue: "emailAddresses")
    /// The `instantMessageAddresses` attribute.
    public static let instantMessageAddresses = SearchableItemAttribute(rawValue: "instantMessageAddresses")
    /// The `likelyJunk` attribute.
    public static let likelyJunk = SearchableItemAttribute(rawValue: "likelyJunk")
    /// The `editors` attribute.
    public static let editors = SearchableItemAttribute(rawValue: "editors")
    /// The `participants` attribute.
    public static let participants = SearchableItemAttribute(rawValue: "participants")
    /// The `projects` attribute.
    public static let projects = SearchableItemAttribute(rawValue: "projects")
    /// The `contentSources` attribute.
    public static let contentSources = SearchableItemAttribute(rawValue: "contentSources")
    /// The `comment` attribute.
    public static let comment = SearchableItemAttribute(rawValue: "comment")
    /// The `copyright` attribute.
    public static let copyright = SearchableItemAttribute(rawValue: "copyright")
    /// The `lastUsedDate` attribute.
    public static let lastUsedDate = SearchableItemAttribute(rawValue: "lastUsedDate")
    /// The `contentCreationDate` attribute.
    public static let contentCreationDate = SearchableItemAttribute(rawValue: "contentCreationDate")
    /// The `contentModificationDate` attribute.
    public static let contentModificationDate = SearchableItemAttribute(rawValue: "contentModificationDate")
    /// The `addedDate` attribute.
    public static let addedDate = SearchableItemAttribute(rawValue: "addedDate")
    /// The `downloadedDate` attribute.
    public static let downloadedDate = SearchableItemAttribute(rawValue: "downloadedDate")
    /// The `duration` attribute.
    public static let duration = SearchableItemAttribute(rawValue: "duration")
    /// The `contactKeywords` attribute.
    public static let contactKeywords = SearchableItemAttribute(rawValue: "contactKeywords")
    /// The `codecs` attribute.
    public static let codecs = SearchableItemAttribute(rawValue: "codecs")
    /// The `mediaTypes` attribute.
    public static let mediaTypes = SearchableItemAttribute(rawValue: "mediaTypes")
    /// The `streamable` attribute.
    public static let streamable = SearchableItemAttribute(rawValue: "streamable")
    /// The `totalBitRate` attribute.
    public static let totalBitRate = SearchableItemAttribute(rawValue: "totalBitRate")
    /// The `videoBitRate` attribute.
    public static let videoBitRate = SearchableItemAttribute(rawValue: "videoBitRate")
    /// The `audioBitRate` attribute.
    public static let audioBitRate = SearchableItemAttribute(rawValue: "audioBitRate")
    /// The `deliveryType` attribute.
    public static let deliveryType = SearchableItemAttribute(rawValue: "deliveryType")
    /// The `organizations` attribute.
    public static let organizations = SearchableItemAttribute(rawValue: "organizations")
    /// The `role` attribute.
    public static let role = SearchableItemAttribute(rawValue: "role")
    /// The `languages` attribute.
    public static let languages = SearchableItemAttribute(rawValue: "languages")
    /// The `rights` attribute.
    public static let rights = SearchableItemAttribute(rawValue: "rights")
    /// The `publishers` attribute.
    public static let publishers = SearchableItemAttribute(rawValue: "publishers")
    /// The `contributors` attribute.
    public static let contributors = SearchableItemAttribute(rawValue: "contributors")
    /// The `coverage` attribute.
    public static let coverage = SearchableItemAttribute(rawValue: "coverage")
    /// The `rating` attribute.
    public static let rating = SearchableItemAttribute(rawValue: "rating")
    /// The `ratingDescription` attribute.
    public static let ratingDescription = SearchableItemAttribute(rawValue: "ratingDescription")
    /// The `playCount` attribute.
    public static let playCount = SearchableItemAttribute(rawValue: "playCount")
    /// The `information` attribute.
    public static let information = SearchableItemAttribute(rawValue: "information")
    /// The `director` attribute.
    public static let director = SearchableItemAttribute(rawValue: "director")
    /// The `producer` attribute.
    public static let producer = SearchableItemAttribute(rawValue: "producer")
    /// The `genre` attribute.
    public static let genre = SearchableItemAttribute(rawValue: "genre")
    /// The `performers` attribute.
    public static let performers = SearchableItemAttribute(rawValue: "performers")
    /// The `originalFormat` attribute.
    public static let originalFormat = SearchableItemAttribute(rawValue: "originalFormat")
    /// The `originalSource` attribute.
    public static let originalSource = SearchableItemAttribute(rawValue: "originalSource")
    /// The `local` attribute.
    public static let local = SearchableItemAttribute(rawValue: "local")
    /// The `contentRating` attribute.
    public static let contentRating = SearchableItemAttribute(rawValue: "contentRating")
    /// The `url` attribute.
    public static let url = SearchableItemAttribute(rawValue: "url")
    /// The `audioSampleRate` attribute.
    public static let audioSampleRate = SearchableItemAttribute(rawValue: "audioSampleRate")
    /// The `audioChannelCount` attribute.
    public static let audioChannelCount = SearchableItemAttribute(rawValue: "audioChannelCount")
    /// The `tempo` attribute.
    public static let tempo = SearchableItemAttribute(rawValue: "tempo")
    /// The `keySignature` attribute.
    public static let keySignature = SearchableItemAttribute(rawValue: "keySignature")
    /// The `timeSignature` attribute.
    public static let timeSignature = SearchableItemAttribute(rawValue: "timeSignature")
    /// The `audioEncodingApplication` attribute.
    public static let audioEncodingApplication = SearchableItemAttribute(rawValue: "audioEncodingApplication")
    /// The `composer` attribute.
    public static let composer = SearchableItemAttribute(rawValue: "composer")
    /// The `lyricist` attribute.
    public static let lyricist = SearchableItemAttribute(rawValue: "lyricist")
    /// The `album` attribute.
    public static let album = SearchableItemAttribute(rawValue: "album")
    /// The `artist` attribute.
    public static let artist = SearchableItemAttribute(rawValue: "artist")
    /// The `audioTrackNumber` attribute.
    public static let audioTrackNumber = SearchableItemAttribute(rawValue: "audioTrackNumber")
    /// The `recordingDate` attribute.
    public static let recordingDate = SearchableItemAttribute(rawValue: "recordingDate")
    /// The `musicalGenre` attribute.
    public static let musicalGenre = SearchableItemAttribute(rawValue: "musicalGenre")
    /// The `generalMIDISequence` attribute.
    public static let generalMIDISequence = SearchableItemAttribute(rawValue: "generalMIDISequence")
    /// The `musicalInstrumentCategory` attribute.
    public static let musicalInstrumentCategory = SearchableItemAttribute(rawValue: "musicalInstrumentCategory")
    /// The `musicalInstrumentName` attribute.
    public static let musicalInstrumentName = SearchableItemAttribute(rawValue: "musicalInstrumentName")
    /// The `pixelHeight` attribute.
    public static let pixelHeight = SearchableItemAttribute(rawValue: "pixelHeight")
    /// The `pixelWidth` attribute.
    public static let pixelWidth = SearchableItemAttribute(rawValue: "pixelWidth")
    /// The `pixelCount` attribute.
    public static let pixelCount = SearchableItemAttribute(rawValue: "pixelCount")
    /// The `colorSpace` attribute.
    public static let colorSpace = SearchableItemAttribute(rawValue: "colorSpace")
    /// The `bitsPerSample` attribute.
    public static let bitsPerSample = SearchableItemAttribute(rawValue: "bitsPerSample")
    /// The `flashOn` attribute.
    public static let flashOn = SearchableItemAttribute(rawValue: "flashOn")
    /// The `focalLength` attribute.
    public static let focalLength = SearchableItemAttribute(rawValue: "focalLength")
    /// The `focalLength35mmEquivalent` attribute.
    public static let focalLength35mmEquivalent = SearchableItemAttribute(rawValue: "focalLength35mmEquivalent")
    /// The `acquisitionMake` attribute.
    public static let acquisitionMake = SearchableItemAttribute(rawValue: "acquisitionMake")
    /// The `acquisitionModel` attribute.
    public static let acquisitionModel = SearchableItemAttribute(rawValue: "acquisitionModel")
    /// The `cameraOwner` attribute.
    public static let cameraOwner = SearchableItemAttribute(rawValue: "cameraOwner")
    /// The `lensModel` attribute.
    public static let lensModel = SearchableItemAttribute(rawValue: "lensModel")
    /// The `isoSpeed` attribute.
    public static let isoSpeed = SearchableItemAttribute(rawValue: "isoSpeed")
    /// The `orientation` attribute.
    public static let orientation = SearchableItemAttribute(rawValue: "orientation")
    /// The `layerNames` attribute.
    public static let layerNames = SearchableItemAttribute(rawValue: "layerNames")
    /// The `whiteBalance` attribute.
    public static let whiteBalance = SearchableItemAttribute(rawValue: "whiteBalance")
    /// The `aperture` attribute.
    public static let aperture = SearchableItemAttribute(rawValue: "aperture")
    /// The `profileName` attribute.
    public static let profileName = SearchableItemAttribute(rawValue: "profileName")
    /// The `resolutionWidthDPI` attribute.
    public static let resolutionWidthDPI = SearchableItemAttribute(rawValue: "resolutionWidthDPI")
    /// The `resolutionHeightDPI` attribute.
    public static let resolutionHeightDPI = SearchableItemAttribute(rawValue: "resolutionHeightDPI")
    /// The `exposureMode` attribute.
    public static let exposureMode = SearchableItemAttribute(rawValue: "exposureMode")
    /// The `exposureTime` attribute.
    public static let exposureTime = SearchableItemAttribute(rawValue: "exposureTime")
    /// The `exifVersion` attribute.
    public static let exifVersion = SearchableItemAttribute(rawValue: "exifVersion")
    /// The `exifGPSVersion` attribute.
    public static let exifGPSVersion = SearchableItemAttribute(rawValue: "exifGPSVersion")
    /// The `hasAlphaChannel` attribute.
    public static let hasAlphaChannel = SearchableItemAttribute(rawValue: "hasAlphaChannel")
    /// The `redEyeOn` attribute.
    public static let redEyeOn = SearchableItemAttribute(rawValue: "redEyeOn")
    /// The `meteringMode` attribute.
    public static let meteringMode = SearchableItemAttribute(rawValue: "meteringMode")
    /// The `maximumAperture` attribute.
    public static let maximumAperture = SearchableItemAttribute(rawValue: "maximumAperture")
    /// The `fNumber` attribute.
    public static let fNumber = SearchableItemAttribute(rawValue: "fNumber")
    /// The `exposureProgram` attribute.
    public static let exposureProgram = SearchableItemAttribute(rawValue: "exposureProgram")
    /// The `exposureTimeString` attribute.
    public static let exposureTimeString = SearchableItemAttribute(rawValue: "exposureTimeString")
    /// The `headline` attribute.
    public static let headline = SearchableItemAttribute(rawValue: "headline")
    /// The `instructions` attribute.
    public static let instructions = SearchableItemAttribute(rawValue: "instructions")
    /// The `thoroughfare` attribute.
    public static let thoroughfare = SearchableItemAttribute(rawValue: "thoroughfare")
    /// The `subThoroughfare` attribute.
    public static let subThoroughfare = SearchableItemAttribute(rawValue: "subThoroughfare")
    /// The `postalCode` attribute.
    public static let postalCode = SearchableItemAttribute(rawValue: "postalCode")
    /// The `city` attribute.
    public static let city = SearchableItemAttribute(rawValue: "city")
    /// The `stateOrProvince` attribute.
    public static let stateOrProvince = SearchableItemAttribute(rawValue: "stateOrProvince")
    /// The `country` attribute.
    public static let country = SearchableItemAttribute(rawValue: "country")
    /// The `fullyFormattedAddress` attribute.
    public static let fullyFormattedAddress = SearchableItemAttribute(rawValue: "fullyFormattedAddress")
    /// The `altitude` attribute.
    public static let altitude = SearchableItemAttribute(rawValue: "altitude")
    /// The `latitude` attribute.
    public static let latitude = SearchableItemAttribute(rawValue: "latitude")
    /// The `longitude` attribute.
    public static let longitude = SearchableItemAttribute(rawValue: "longitude")
    /// The `speed` attribute.
    public static let speed = SearchableItemAttribute(rawValue: "speed")
    /// The `timestamp` attribute.
    public static let timestamp = SearchableItemAttribute(rawValue: "timestamp")
    /// The `imageDirection` attribute.
    public static let imageDirection = SearchableItemAttribute(rawValue: "imageDirection")
    /// The `namedLocation` attribute.
    public static let namedLocation = SearchableItemAttribute(rawValue: "namedLocation")
    /// The `gpsTrack` attribute.
    public static let gpsTrack = SearchableItemAttribute(rawValue: "gpsTrack")
    /// The `gpsStatus` attribute.
    public static let gpsStatus = SearchableItemAttribute(rawValue: "gpsStatus")
    /// The `gpsMeasureMode` attribute.
    public static let gpsMeasureMode = SearchableItemAttribute(rawValue: "gpsMeasureMode")
    /// The `gpsDilutionOfPrecision` attribute.
    public static let gpsDilutionOfPrecision = SearchableItemAttribute(rawValue: "gpsDilutionOfPrecision")
    /// The `gpsMapDatum` attribute.
    public static let gpsMapDatum = SearchableItemAttribute(rawValue: "gpsMapDatum")
    /// The `gpsDestinationLatitude` attribute.
    public static let gpsDestinationLatitude = SearchableItemAttribute(rawValue: "gpsDestinationLatitude")
    /// The `gpsDestinationLongitude` attribute.
    public static let gpsDestinationLongitude = SearchableItemAttribute(rawValue: "gpsDestinationLongitude")
    /// The `gpsDestinationBearing` attribute.
    public static let gpsDestinationBearing = SearchableItemAttribute(rawValue: "gpsDestinationBearing")
    /// The `gpsDestinationDistance` attribute.
    public static let gpsDestinationDistance = SearchableItemAttribute(rawValue: "gpsDestinationDistance")
    /// The `gpsProcessingMethod` attribute.
    public static let gpsProcessingMethod = SearchableItemAttribute(rawValue: "gpsProcessingMethod")
    /// The `gpsAreaInformation` attribute.
    public static let gpsAreaInformation = SearchableItemAttribute(rawValue: "gpsAreaInformation")
    /// The `gpsDateStamp` attribute.
    public static let gpsDateStamp = SearchableItemAttribute(rawValue: "gpsDateStamp")
    /// The `gpsDifferential` attribute.
    public static let gpsDifferential = SearchableItemAttribute(rawValue: "gpsDifferential")
}
