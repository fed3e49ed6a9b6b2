import 'server-only';
import { getDb } from '@/lib/db/client';
import { adminOrderView, searchOrders, type AdminOrderView } from './admin-orders';
import { listVouchers } from './voucher-admin';

// The back office's pages read through these, so components never hold a database handle.

/** Orders for the admin's order list: all, or those matching `query` (reference, e-mail, id), newest first. */
export function listAdminOrders(query: string | undefined, limit: number) {
  return searchOrders(getDb(), query, limit);
}

/** One order with the buyer, the sellers' side and its documents for the admin's detail page, or null. */
export function getAdminOrder(orderId: number): Promise<AdminOrderView | null> {
  return adminOrderView(getDb(), orderId);
}

/** The newest vouchers for the admin's voucher page. */
export function listAdminVouchers(limit: number) {
  return listVouchers(getDb(), limit);
}
