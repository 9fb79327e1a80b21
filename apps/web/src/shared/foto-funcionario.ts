import { useEffect, useState } from 'react';
import { funcionarioApi } from '@jornada/contracts';
import { downloadFile } from './http';

/**
 * An employee's stored photo as a blob URL, or null (none, not yet loaded, or
 * unreadable: the placeholder stays). The call needs the session's token, so
 * no plain <img src>. Used by the employee form and Marcações' header.
 */
export function useFotoFuncionario(idFuncionario: number, tem: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!tem) {
      setUrl(null);
      return;
    }
    let criada: string | null = null;
    let cancelada = false;
    downloadFile(funcionarioApi.buscarFotoPerfil, { id: idFuncionario })
      .then((file) => {
        if (cancelada) return;
        criada = URL.createObjectURL(file.blob);
        setUrl(criada);
      })
      // No photo after all (404), or the picture could not be read: the placeholder stays.
      .catch(() => undefined);
    return () => {
      cancelada = true;
      if (criada) URL.revokeObjectURL(criada);
    };
  }, [idFuncionario, tem]);
  return url;
}
