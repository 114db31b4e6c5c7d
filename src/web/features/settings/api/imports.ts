import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportEncoding, ImportFile, ImportPlan, ImportReport, ImportRun } from '@shared/schemas/import';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

// Configuración › Importar (issue 49): the file read, its dry run, the import and its undo. Every route is the owner's
// behind a fresh sign-in: apiFetch asks for it and sends again. A running import is also asked for every second: its
// progress is no change the live events announce row by row.

const IMPORTS_URL = '/api/admin/imports';
export const importsQueryKey = liveKey('imports');
const runsQueryKey = [...importsQueryKey, 'runs'] as const;
const runQueryKey = (id: string) => [...importsQueryKey, 'run', id] as const;

const isActive = (run: ImportRun | undefined) => run?.status === 'queued' || run?.status === 'running';
const POLL_MS = 1000;

/** The CSV of the whole dry-run report: a same-origin GET the browser saves. */
export const importReportUrl = (id: string) => `${IMPORTS_URL}/${encodeURIComponent(id)}/report.csv`;

export interface UploadInput {
  file: File;
  encoding: ImportEncoding | 'auto';
}

export function useUploadImportFile() {
  return useMutation({
    mutationFn: ({ file, encoding }: UploadInput) => {
      const query = new URLSearchParams({ name: file.name, encoding });
      return apiFetch<ImportFile>(`${IMPORTS_URL}/files?${query.toString()}`, {
        method: 'POST',
        rawBody: new Blob([file], { type: 'application/octet-stream' }),
      });
    },
  });
}

export function useImportDryRun() {
  return useMutation({
    mutationFn: ({ id, plan }: { id: string; plan: ImportPlan }) => apiFetch<ImportReport>(`${IMPORTS_URL}/${encodeURIComponent(id)}/dry-run`, { method: 'POST', body: plan }),
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ImportRun>(`${IMPORTS_URL}/${encodeURIComponent(id)}/start`, { method: 'POST' }),
    onSuccess: (run) => {
      queryClient.setQueryData(runQueryKey(run.id), run);
      return queryClient.invalidateQueries({ queryKey: runsQueryKey });
    },
  });
}

/** One import, asked again every second while it is queued or running; its end refreshes the list of imports too. */
export function useImportRun(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: runQueryKey(id),
    queryFn: async ({ signal }) => {
      const run = await apiFetch<ImportRun>(`${IMPORTS_URL}/${encodeURIComponent(id)}`, { signal });
      if (!isActive(run)) void queryClient.invalidateQueries({ queryKey: runsQueryKey });
      return run;
    },
    refetchInterval: (query) => (isActive(query.state.data) ? POLL_MS : false),
  });
}

/** The latest 10 imports, newest first; asked again every second while one of them is under way. */
export function useImportRuns() {
  return useQuery({
    queryKey: runsQueryKey,
    queryFn: ({ signal }) => apiFetch<ImportRun[]>(IMPORTS_URL, { signal }),
    refetchInterval: (query) => (query.state.data?.some(isActive) ? POLL_MS : false),
  });
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ImportRun>(`${IMPORTS_URL}/${encodeURIComponent(id)}/undo`, { method: 'POST' }),
    onSuccess: (run) => {
      queryClient.setQueryData(runQueryKey(run.id), run);
      return queryClient.invalidateQueries({ queryKey: runsQueryKey });
    },
  });
}
