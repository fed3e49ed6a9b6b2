import { z } from 'zod';
import { audit } from '@/lib/accounts/impersonation';
import { defineRoute } from '@/lib/api/handler';
// Every job's definition: lib/jobs/admin.ts summarises a job's payload with it.
import '@/lib/job-catalogue';
import { jobIdSchema, retryFailedJob } from '@/lib/jobs/admin';
import { clientIp } from '@/lib/security/rate-limit';

const params = z.object({ id: jobIdSchema });

// POST /api/v3/admin/jobs/{id}/retry?world= — puts a failed job back on the queue: 200 with the
// job, 404 for an unknown id, 409 when the job is not (or no longer) failed.
export const POST = defineRoute(
  { summary: 'Retries a failed job', auth: 'admin', params },
  async ({ request, params, session }) => {
    const job = await retryFailedJob(params.id);
    await audit({
      actorUserId: session.userId,
      action: 'job.retry',
      ip: clientIp(request),
      details: { job_id: job.id, name: job.name },
    });
    return job;
  },
);
