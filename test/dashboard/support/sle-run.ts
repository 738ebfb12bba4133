// A real dossier for browser tests: the offline SLE question submitted through the public API and
// awaited (the run id is the job id), so pages are tested on what the pipeline really writes.
import type { TestServer } from '../../support/test-server';

export async function completedSleRun(server: TestServer, researcher: string, apiKey?: string, question = 'Which drugs are most promising for SLE?'): Promise<string> {
  const headers: Record<string, string> = { 'X-Researcher-ID': researcher, 'content-type': 'application/json', ...(apiKey ? { 'X-API-Key': apiKey } : {}) };
  const submitted = await fetch(`${server.baseUrl}/api/jobs/workspace`, {
    method: 'POST', headers, body: JSON.stringify({ disease_id: 'sle', question, enable_llm: false }),
  });
  if (submitted.status !== 202) throw new Error(`submitting the SLE run answered ${submitted.status}: ${await submitted.text()}`);
  const { job_id: runId } = (await submitted.json()) as { job_id: string };
  for (let i = 0; i < 300; i++) {
    const read = await fetch(`${server.baseUrl}/api/workspace/runs/${runId}`, { headers });
    if (read.ok) {
      const run = (await read.json()) as { status: string; error?: string };
      if (run.status === 'completed') return runId;
      if (run.status === 'failed') throw new Error(`the SLE run failed: ${run.error}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the SLE run did not complete within 60 s');
}
