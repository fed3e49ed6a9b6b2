import { z } from 'zod';
import { audit } from '@/lib/accounts/impersonation';
import { defineRoute } from '@/lib/api/handler';
import { createVoucher, listVouchers, newVoucherSchema } from '@/lib/commerce/voucher-admin';
import { getDb } from '@/lib/db/client';
import { clientIp } from '@/lib/security/rate-limit';

// GET /api/v3/admin/vouchers — vouchers, newest first (admins).
export const GET = defineRoute(
  {
    summary: 'Vouchers (admin)',
    auth: 'admin',
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
  },
  async ({ query }) => ({ vouchers: await listVouchers(getDb(), query.limit) }),
);

// POST /api/v3/admin/vouchers — a new voucher: percent or amount, one world, validity window,
// total and per-user limits (max_redemptions 1 = a single-use code), minimum order.
export const POST = defineRoute(
  {
    summary: 'Create a voucher (admin)',
    description: '409 voucher_code_taken when the code exists.',
    auth: 'admin',
    body: newVoucherSchema,
    successStatus: 201,
  },
  async ({ request, body, session }) => {
    const voucher = await createVoucher(getDb(), body);
    await audit({
      actorUserId: session.userId,
      action: 'voucher.create',
      ip: clientIp(request),
      details: { code: voucher.code },
    });
    return Response.json({ voucher }, { status: 201 });
  },
);
