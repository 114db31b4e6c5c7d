/** An HTTP answer with how long it took since `since` (status 0 when no answer came). */
export interface Timed {
  status: number;
  ms: number;
  body: { error?: { code: string; message: string }; status?: string } | null;
}

export async function timed(request: () => Promise<Response>, since = performance.now()): Promise<Timed> {
  try {
    const response = await request();
    const body = (await response.json().catch(() => null)) as Timed['body'];
    return { status: response.status, ms: performance.now() - since, body };
  } catch {
    return { status: 0, ms: performance.now() - since, body: null };
  }
}
