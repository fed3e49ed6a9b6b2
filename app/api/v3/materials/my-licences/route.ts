import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { buyerStateIdsSchema, listBuyerStates, MAX_BUYER_STATE_IDS } from '@/lib/commerce/buyer-states';

// GET /api/v3/materials/my-licences?ids=12,34 — what the signed-in buyer has to do with these
// materials, so a public page (the same cached HTML for everyone) can say "you own it" in the
// browser. Anonymous callers get an empty list: the answer never says anything about others.
export const GET = defineRoute(
  {
    summary: 'My licences and unpaid orders of these materials',
    description: `ids: 1 to ${MAX_BUYER_STATE_IDS} material ids, comma-separated. Answers { items }: for each material the signed-in caller holds (licence single or school, also through a bundle; download_url, a signed link valid for 10 minutes, when a file of that very material can be downloaded), has on an own order waiting for payment (pending_order: id, reference, provider), or sells (own_material), with refused.single and refused.school: the reason v1/cart/add would refuse that licence now (own_material, already_owned, bundle_contains_owned, order_pending), or null (a held single licence leaves the school upgrade open). Materials with nothing to say are left out; an anonymous caller gets { items: [] }. Never cached by anyone: private, no-store.`,
    auth: 'visitor',
    query: z.object({ ids: buyerStateIdsSchema }),
    example: {
      items: [
        {
          material_id: 12,
          licence: 'single',
          download_url: '/api/v3/downloads/file?t=…',
          pending_order: null,
          own_material: false,
          refused: { single: 'already_owned', school: null },
        },
      ],
    },
  },
  async ({ session, query }) => {
    const items = session?.userId ? await listBuyerStates(session.userId, query.ids) : [];
    // Personal (or, for an anonymous caller, deliberately empty): no shared cache may keep it.
    return NextResponse.json({ items }, { headers: { 'Cache-Control': 'private, no-store' } });
  },
);
