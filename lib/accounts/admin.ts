import { eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { AppError } from '@/lib/api/errors';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { requireUser, type SignedInSession } from './guard';

/** Whether the user has the admin role. */
export async function isAdmin(userId: number): Promise<boolean> {
  const [row] = await getDb().select({ role: t.users.role }).from(t.users).where(eq(t.users.id, userId));
  return row?.role === 'admin';
}

/**
 * The signed-in admin of a mutation, or 401/403. An impersonated session never counts as admin,
 * even when the impersonated user is one: admin powers stay with the admin's own session.
 */
export async function requireAdmin(request: NextRequest): Promise<SignedInSession> {
  const session = await requireUser(request, { mutation: true });
  if (session.impersonatorUserId || !(await isAdmin(session.userId))) throw new AppError('forbidden', undefined, { reason: 'admin_only' });
  return session;
}
