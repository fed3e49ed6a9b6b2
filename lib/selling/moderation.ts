import 'server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { expireSellerCabinet, invalidateAuthor, invalidateMaterial, invalidateWorld } from '@/lib/cache/invalidate';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';

/**
 * An admin hides a material from the catalogue with a reason its seller sees on their pages
 * (buyers keep their downloads), or shows it again. Hidden is separate from the seller's own
 * status: the seller cannot publish it back while it is hidden, and showing it again restores
 * what the seller had chosen.
 */
export async function setMaterialHidden(
  materialId: number,
  hidden: { reason: string } | null,
): Promise<{ id: number; hidden: boolean; reason: string | null; isActive: boolean }> {
  const db = getDb();
  const updated = await db.transaction(async (tx) => {
    const [material] = await tx.select().from(t.materials).where(eq(t.materials.id, materialId)).for('update');
    if (!material || material.deletedAt) throw new AppError('not_found', undefined, { reason: 'material_not_found' });
    const [row] = await tx
      .update(t.materials)
      .set(
        hidden
          ? { hiddenAt: new Date(), hiddenReason: hidden.reason, isActive: false, updatedAt: new Date() }
          : {
              hiddenAt: null,
              hiddenReason: null,
              isActive: material.status === 'published',
              updatedAt: new Date(),
            },
      )
      .where(eq(t.materials.id, materialId))
      .returning();
    return row!;
  });
  await Promise.all([
    invalidateMaterial(materialId),
    invalidateWorld(updated.world),
    invalidateAuthor(updated.authorId),
    expireSellerCabinet([updated.authorId]),
  ]);
  return {
    id: updated.id,
    hidden: updated.hiddenAt !== null,
    reason: updated.hiddenReason,
    isActive: updated.isActive,
  };
}
