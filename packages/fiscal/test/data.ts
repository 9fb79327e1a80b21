/**
 * Plain data behind the synthetic fixtures, transcribed from the fixture
 * files and their README (shared/fixtures/afd). Writers given this data must
 * reproduce the fixtures byte for byte.
 */
import type { Afd671Entry, Afd671Input } from '../src/afd/writer.js';
import type { AejInput } from '../src/aej/writer.js';
import type { AfdtInput } from '../src/afdt/afdt.js';
import type { AcjefInput } from '../src/acjef/acjef.js';
import type { Employer } from '../src/shared/employer.js';

export const at = (local: string, offset = '-0300') => ({ local, offset });

export const EMPLOYER: Employer = {
  idKind: 1,
  id: '11222333000181',
  name: 'EMPRESA FICTÍCIA DE TESTES LTDA',
  ceiOrCno: null,
};
const WORKPLACE = 'RUA IMAGINÁRIA, 100 - CENTRO - SÃO PAULO/SP';
const RESPONSIBLE = '98765432100';

const employerChange: Afd671Entry = {
  type: 2,
  recordedAt: at('2024-03-01T07:00'),
  responsibleCpf: RESPONSIBLE,
  employer: EMPLOYER,
  workplace: WORKPLACE,
};

export const REP_P_FIXTURE: Afd671Input = {
  repKind: 'REP_P',
  employer: EMPLOYER,
  repIdentifier: '00051202400000001',
  developer: { idKind: 1, id: '11444777000161' },
  firstDate: '2024-03-01',
  lastDate: '2024-03-31',
  generatedAt: at('2024-04-01T09:00'),
  entries: [
    employerChange,
    {
      type: 5,
      recordedAt: at('2024-03-01T07:05'),
      operation: 'I',
      cpf: '52998224725',
      name: 'JOÃO DA SILVA',
      responsibleCpf: RESPONSIBLE,
    },
    {
      type: 5,
      recordedAt: at('2024-03-01T07:06'),
      operation: 'I',
      cpf: '11144477735',
      name: 'MARIA DE SOUZA',
      responsibleCpf: RESPONSIBLE,
    },
    { type: 6, recordedAt: at('2024-03-01T07:10'), event: '07' },
    {
      type: 7,
      dateTime: at('2024-03-04T08:00'),
      cpf: '52998224725',
      recordedAt: at('2024-03-04T08:00'),
      collector: 1,
      offline: false,
    },
    {
      type: 7,
      dateTime: at('2024-03-04T08:02'),
      cpf: '11144477735',
      recordedAt: at('2024-03-04T08:02'),
      collector: 2,
      offline: false,
    },
    {
      type: 7,
      dateTime: at('2024-03-04T12:00'),
      cpf: '52998224725',
      recordedAt: at('2024-03-04T12:00'),
      collector: 1,
      offline: false,
    },
    {
      type: 7,
      dateTime: at('2024-03-04T13:00'),
      cpf: '52998224725',
      recordedAt: at('2024-03-04T13:41'),
      collector: 1,
      offline: true,
    },
    { type: 6, recordedAt: at('2024-03-04T14:00'), event: '08' },
    { type: 6, recordedAt: at('2024-03-04T14:20'), event: '07' },
    {
      type: 7,
      dateTime: at('2024-03-04T17:00'),
      cpf: '11144477735',
      recordedAt: at('2024-03-04T17:00'),
      collector: 3,
      offline: false,
    },
    {
      type: 7,
      dateTime: at('2024-03-04T17:01'),
      cpf: '52998224725',
      recordedAt: at('2024-03-04T17:01'),
      collector: 4,
      offline: false,
    },
  ],
};

export const REP_C_FIXTURE: Afd671Input = {
  repKind: 'REP_C',
  employer: EMPLOYER,
  repIdentifier: '00014003750000001',
  developer: { idKind: 1, id: '11444777000161' },
  model: 'MODELO FICTICIO X1',
  firstDate: '2024-03-01',
  lastDate: '2024-03-05',
  generatedAt: at('2024-03-05T18:30'),
  entries: [
    employerChange,
    {
      type: 5,
      recordedAt: at('2024-03-01T07:05'),
      operation: 'I',
      cpf: '52998224725',
      name: 'JOÃO DA SILVA',
      responsibleCpf: RESPONSIBLE,
    },
    {
      type: 5,
      recordedAt: at('2024-03-01T07:06'),
      operation: 'I',
      cpf: '12345678909',
      name: 'PEDRO ALVES',
      responsibleCpf: RESPONSIBLE,
    },
    { type: 6, recordedAt: at('2024-03-01T07:30'), event: '03' },
    { type: 6, recordedAt: at('2024-03-01T07:31'), event: '04' },
    { type: 3, dateTime: at('2024-03-04T07:58'), cpf: '52998224725' },
    { type: 3, dateTime: at('2024-03-04T08:01'), cpf: '12345678909' },
    { type: 4, before: at('2024-03-04T10:00'), after: at('2024-03-04T10:02'), responsibleCpf: RESPONSIBLE },
    { type: 3, dateTime: at('2024-03-04T12:01'), cpf: '52998224725' },
    { type: 6, recordedAt: at('2024-03-04T12:30'), event: '01' },
    { type: 6, recordedAt: at('2024-03-04T12:45'), event: '02' },
    {
      type: 5,
      recordedAt: at('2024-03-04T13:00'),
      operation: 'A',
      cpf: '12345678909',
      name: 'PEDRO ALVES DE OLIVEIRA',
      responsibleCpf: RESPONSIBLE,
    },
    { type: 3, dateTime: at('2024-03-04T13:02'), cpf: '52998224725' },
    { type: 6, recordedAt: at('2024-03-04T15:00'), event: '05' },
    { type: 6, recordedAt: at('2024-03-04T15:01'), event: '06' },
    { type: 3, dateTime: at('2024-03-04T17:00'), cpf: '52998224725' },
    {
      type: 5,
      recordedAt: at('2024-03-05T08:00'),
      operation: 'E',
      cpf: '12345678909',
      name: 'PEDRO ALVES DE OLIVEIRA',
      responsibleCpf: RESPONSIBLE,
    },
  ],
};

export const AEJ_FIXTURE: AejInput = {
  employer: { idKind: 1, id: '11222333000181', name: 'EMPRESA FICTÍCIA DE TESTES LTDA' },
  firstDate: '2024-03-04',
  lastDate: '2024-03-05',
  generatedAt: at('2024-03-06T09:00'),
  reps: [
    { id: 1, kind: 1, number: '00014003750000001' },
    { id: 2, kind: 3, number: '00000512024000001' },
  ],
  bonds: [
    { id: 1, cpf: '52998224725', name: 'JOÃO DA SILVA', esocialRegistration: 'MAT-0001' },
    { id: 2, cpf: '52998224725', name: 'JOÃO DA SILVA', esocialRegistration: 'MAT-0002' },
    { id: 3, cpf: '11144477735', name: 'MARIA DE SOUZA' },
  ],
  schedules: [
    {
      code: 'H0800',
      durationMinutes: 480,
      pairs: [
        { entry: '08:00', exit: '12:00' },
        { entry: '13:00', exit: '17:00' },
      ],
    },
    { code: 'N2200', durationMinutes: 480, pairs: [{ entry: '22:00', exit: '05:00' }] },
  ],
  marks: [
    { bondId: 1, dateTime: at('2024-03-04T08:00'), repId: 1, kind: 'E', pair: 1, source: 'O', scheduleCode: 'H0800' },
    { bondId: 1, dateTime: at('2024-03-04T12:00'), repId: 1, kind: 'S', pair: 1, source: 'O' },
    {
      bondId: 1,
      dateTime: at('2024-03-04T12:01'),
      repId: 1,
      kind: 'D',
      pair: 1,
      source: 'O',
      reason: 'MARCAÇÃO EM DUPLICIDADE',
    },
    { bondId: 1, dateTime: at('2024-03-04T13:00'), repId: null, kind: 'E', pair: 2, source: 'P' },
    {
      bondId: 1,
      dateTime: at('2024-03-04T17:00'),
      repId: null,
      kind: 'S',
      pair: 2,
      source: 'I',
      reason: 'ESQUECEU DE MARCAR A SAÍDA',
    },
    { bondId: 3, dateTime: at('2024-03-04T22:00'), repId: 2, kind: 'E', pair: 1, source: 'O', scheduleCode: 'N2200' },
    { bondId: 3, dateTime: at('2024-03-05T05:00'), repId: 2, kind: 'S', pair: 1, source: 'O' },
  ],
  absences: [
    { bondId: 1, kind: 1, date: '2024-03-03' },
    { bondId: 3, kind: 2, date: '2024-03-05' },
    { bondId: 1, kind: 3, date: '2024-03-04', minutes: 30, hourBankMovement: 1 },
    { bondId: 3, kind: 3, date: '2024-03-05', minutes: 60, hourBankMovement: 2 },
  ],
  program: {
    name: 'PTRP FICTICIO',
    version: '1.0.0',
    developer: { idKind: 1, id: '11444777000161' },
    developerName: 'DESENVOLVEDORA FICTICIA LTDA',
    email: 'contato@example.com',
  },
};

const PIS = { pis: '12056412545' };

export const AFDT_FIXTURE: AfdtInput = {
  employer: EMPLOYER,
  firstDate: '2024-03-04',
  lastDate: '2024-03-06',
  generatedAt: '2024-03-06T09:00',
  marks: [
    {
      date: '2024-03-04',
      time: '08:00',
      employee: PIS,
      repSerial: '00004000070000001',
      kind: 'E',
      pair: 1,
      source: 'O',
    },
    {
      date: '2024-03-04',
      time: '12:00',
      employee: PIS,
      repSerial: '00004000070000001',
      kind: 'S',
      pair: 1,
      source: 'O',
    },
    {
      date: '2024-03-04',
      time: '13:00',
      employee: PIS,
      repSerial: '00004000070000001',
      kind: 'E',
      pair: 2,
      source: 'P',
    },
    {
      date: '2024-03-04',
      time: '13:01',
      employee: PIS,
      repSerial: '00004000070000001',
      kind: 'D',
      pair: 0,
      source: 'O',
      reason: 'MARCACAO EM DUPLICIDADE',
    },
    {
      date: '2024-03-04',
      time: '17:00',
      employee: PIS,
      repSerial: '00004000070000001',
      kind: 'S',
      pair: 2,
      source: 'O',
    },
    {
      date: '2024-03-05',
      time: '22:00',
      employee: PIS,
      repSerial: '00004000070000001',
      kind: 'E',
      pair: 1,
      source: 'O',
    },
    {
      date: '2024-03-06',
      time: '01:00',
      employee: PIS,
      repSerial: null,
      kind: 'S',
      pair: 1,
      source: 'I',
      reason: 'ESQUECEU DE MARCAR A SAIDA',
    },
  ],
};

export const ACJEF_FIXTURE: AcjefInput = {
  employer: EMPLOYER,
  firstDate: '2024-03-04',
  lastDate: '2024-03-05',
  generatedAt: '2024-03-06T09:00',
  schedules: [
    { code: 1, entry: '08:00', exit: '17:00', breakStart: '12:00', breakEnd: '13:00' },
    { code: 2, entry: '22:00', exit: '05:00', breakStart: '00:00', breakEnd: '01:00' },
  ],
  shifts: [
    {
      employee: PIS,
      date: '2024-03-04',
      firstEntry: '08:00',
      scheduleCode: 1,
      dayMinutes: 480,
      nightMinutes: 0,
      overtime: [],
      absenceMinutes: 0,
      balanceMinutes: 0,
    },
    {
      employee: PIS,
      date: '2024-03-05',
      firstEntry: '08:10',
      scheduleCode: 1,
      dayMinutes: 470,
      nightMinutes: 0,
      overtime: [{ minutes: 60, percent: 50, period: 'D' }],
      absenceMinutes: 10,
      balanceMinutes: 0,
    },
  ],
};
