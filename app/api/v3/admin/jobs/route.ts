import { defineRoute } from '@/lib/api/handler';
// Every job's definition: lib/jobs/admin.ts summarises a job's payload with it.
import '@/lib/job-catalogue';
import { listJobs, listJobsQuerySchema } from '@/lib/jobs/admin';

// GET /api/v3/admin/jobs?world=&state=failed&name=&page=&limit= — queued jobs in one state for
// admins; `failed` (the default) are the jobs whose retries are used up.
export const GET = defineRoute(
  {
    summary: 'Lists queued jobs by state (failed: retries used up)',
    description:
      'Jobs of the queue (mails and other background work) in one state, the most recently finished first. ' +
      'A payload appears only as a short summary without secrets.',
    auth: 'admin',
    query: listJobsQuerySchema,
  },
  async ({ query }) => listJobs(query),
);
