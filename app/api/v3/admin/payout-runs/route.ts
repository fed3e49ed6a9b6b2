import { z } from 'zod';
import { audit } from '@/lib/accounts/impersonation';
import { defineRoute } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { listPayoutRuns, periodSchema, runPayouts } from '@/lib/selling/payouts';
import { clientIp } from '@/lib/security/rate-limit';

// GET /api/v3/admin/payout-runs — the monthly payout runs, newest month first (admins).
export const GET = defineRoute(
  {
    summary: 'Payout runs (admin)',
    description:
      'Each run with its month, state (recorded, completed), provider, whether it has a transfer file, and its payouts summed per status and currency (minor units).',
    auth: 'admin',
    query: z.object({ limit: z.coerce.number().int().min(1).max(240).default(60) }),
  },
  async ({ query }) => ({ runs: await listPayoutRuns(getDb(), query.limit) }),
);

// POST /api/v3/admin/payout-runs — pays out a month now, as the daily job does on the 1st: one
// payout per seller and currency, credit notes for the paid ones, the SEPA transfer file. A month
// that has a run already answers that run (201 only when this call made it).
export const POST = defineRoute(
  {
    summary: 'Run the payouts of a month (admin)',
    description:
      'Body { period: "YYYY-MM" }. Idempotent: a month is paid out once; asking again returns its run with created false. 409 period_not_ended for the current or a future month, 409 later_run_exists for a month before an existing run. The transfer file is at v3/admin/payout-runs/{id}/file.',
    auth: 'admin',
    body: z.object({ period: periodSchema }).strict(),
    successStatus: 201,
  },
  async ({ request, body, session }) => {
    const { run, created } = await runPayouts(body.period);
    if (created)
      await audit({
        actorUserId: session.userId,
        action: 'payouts.run',
        ip: clientIp(request),
        details: { period: run.period, run_id: run.id },
      });
    return Response.json({ run, created }, { status: created ? 201 : 200 });
  },
);
