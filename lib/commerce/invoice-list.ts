import 'server-only';
import { getDb } from '@/lib/db/client';
import { listBuyerInvoices, type BuyerInvoice } from './invoices';

/** The signed-in teacher's invoices for the cabinet page. */
export function listInvoicesOf(userId: number): Promise<BuyerInvoice[]> {
  return listBuyerInvoices(getDb(), userId);
}
