// Public API of @jornada/fiscal: pure readers and writers of the fiscal files
// of Portarias 1510/2009, INMETRO 595/2013 and MTP 671/2021 (shared/spec/fiscal-files.md).
export * from './shared/ids.js';
export * from './shared/crc16.js';
export { FiscalInputError, toLatin1Text, type LocalDateTime } from './shared/text.js';
export * from './afd/types.js';
export { AfdStreamParser, parseAfd, readAfd, detectLayout, sortIssues, AFD_LENGTHS, type AfdReadHandlers, type AfdReadOptions } from './afd/reader.js';
export { afdParseDocument, type AfdDocument, type AfdDocumentPunch } from './afd/document.js';
