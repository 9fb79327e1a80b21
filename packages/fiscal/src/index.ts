// Public API of @jornada/fiscal: pure readers and writers of the fiscal files
// of Portarias 1510/2009, INMETRO 595/2013 and MTP 671/2021 (shared/spec/fiscal-files.md).
export * from './shared/ids.js';
export * from './shared/crc16.js';
export { FiscalInputError, toLatin1Text, type LocalDateTime } from './shared/text.js';
export * from './afd/types.js';
export {
  AfdStreamParser,
  parseAfd,
  readAfd,
  iterateAfd,
  type AfdEvent,
  sortIssues,
  type AfdReadHandlers,
  type AfdReadOptions,
} from './afd/reader.js';
export { detectLayout } from './afd/detect.js';
export {
  AFD_LAYOUTS,
  AFD_LENGTHS,
  recordLayout,
  type AfdField,
  type AfdFieldType,
  type AfdRecordKey,
  type AfdRecordLayout,
} from './afd/layout.js';
export { afdParseDocument, type AfdDocument, type AfdDocumentPunch } from './afd/document.js';
export * from './shared/employer.js';
export {
  writeAfd671,
  afd671FileName,
  Afd671LineWriter,
  SIGNATURE_LINE,
  type RepKind,
  type Afd671Input,
  type Afd671Output,
  type Afd671Entry,
  type Afd671EmployerChange,
  type Afd671Punch,
  type Afd671ClockAdjustment,
  type Afd671EmployeeChange,
  type Afd671Event,
  type Afd671EventCode,
  type Afd671RepPPunch,
} from './afd/writer.js';
export * from './aej/writer.js';
export * from './aej/parser.js';
export * from './afdt/afdt.js';
export * from './acjef/acjef.js';
export type { Treated1510Header, TreatedHeaderRead } from './shared/treated1510.js';
export type { FileIssue } from './shared/lines.js';
export { signDetached, signDetachedWithPkcs12, type SignatureOptions, type SignerCredentials } from './sign/cades.js';
export { readPkcs12, Pkcs12Error, type Pkcs12Contents } from './sign/pkcs12.js';
