import type { BrowserContext } from '@playwright/test';
import type { WorldCode } from '@/lib/worlds/worlds';

export interface FoundMaterial {
  id: number;
  slug: string;
  title: string;
  isBundle?: boolean;
}

/**
 * The `skip`-th paid material of the world, newest first, that the signed-in buyer of `context`
 * can still add, found the way a visitor would: not owned (also through a bundle), not waiting on
 * one of her orders (v3/materials/my-licences names why the cart would refuse it), whatever earlier
 * runs on this database bought.
 */
export async function unownedPaidMaterial(
  context: BrowserContext,
  world: WorldCode,
  skip: number,
): Promise<FoundMaterial> {
  const found = await (await context.request.get(`/api/v3/search?world=${world}&price=paid&sort=newest`)).json();
  const items = found.items as FoundMaterial[];
  const states = (await (
    await context.request.get(`/api/v3/materials/my-licences?world=${world}&ids=${items.map((i) => i.id).join(',')}`)
  ).json()) as { items: { material_id: number; refused: { single: string | null } }[] };
  const refused = new Set(states.items.filter((s) => s.refused.single !== null).map((s) => s.material_id));
  const material = items.filter((item) => !refused.has(item.id))[skip];
  if (!material) throw new Error(`no ${skip + 1}th paid material in ${world} left for this buyer`);
  return material;
}
