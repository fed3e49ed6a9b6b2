import 'server-only';
import { getDb } from '@/lib/db/client';
import { getCreditOverview, type CreditOverview } from './credits';

/** The signed-in teacher's credit for the cabinet page. */
export function creditOverviewOf(userId: number): Promise<CreditOverview> {
  return getCreditOverview(getDb(), userId);
}
