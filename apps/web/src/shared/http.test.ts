import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { IK_RESPONSE_HEADER, defineDownload, encodeIkResponse } from '@jornada/contracts';
import { ApiError, downloadFile } from './http';

const espelho = defineDownload({
  method: 'POST',
  path: '/api/relatorio/espelho-ponto/pdf',
  permission: 0,
  suporte: 'permitido',
  summary: 'teste',
  contentTypes: ['application/pdf'],
  body: z.object({ mesSelecionado: z.number() }),
});

/** A file answer as the server sends it: the bytes, and the status in ik-response. */
const fileAnswer = (status: number, ik: Parameters<typeof encodeIkResponse>[0], body: BodyInit = '%PDF') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { [IK_RESPONSE_HEADER]: encodeIkResponse(ik) } })),
  );

describe('downloadFile (chamadas de arquivo, seed 002 §7)', () => {
  it('devolve o arquivo com o nome de ik-response', async () => {
    fileAnswer(200, { status: 'OK', nomeArquivo: 'Espelho de março.pdf' });
    const file = await downloadFile(espelho, { mesSelecionado: 3 });
    expect(file.nomeArquivo).toBe('Espelho de março.pdf');
    expect(await file.blob.text()).toBe('%PDF');
    const [, init] = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]! as [string, RequestInit];
    expect((init.headers as Record<string, string>).Accept).toContain('application/pdf');
  });

  it('um ERRO em ik-response é um erro com a mensagem em português, mesmo com corpo', async () => {
    fileAnswer(200, { status: 'ERRO', mensagem: 'Não há marcações no período.' }, 'corpo qualquer');
    const err = await downloadFile(espelho, { mesSelecionado: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).mensagem).toBe('Não há marcações no período.');
  });

  it('numa resposta 4xx a mensagem vem de ik-response', async () => {
    fileAnswer(400, { status: 'ERRO', mensagem: 'Selecione uma empresa' }, '');
    const err = await downloadFile(espelho, { mesSelecionado: 3 }).catch((e: unknown) => e);
    expect([(err as ApiError).status, (err as ApiError).mensagem]).toEqual([400, 'Selecione uma empresa']);
  });
});
