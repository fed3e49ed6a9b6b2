import { markup, type SafeHtml } from '@/lib/text/html';
import type { WorldCode } from '@/lib/worlds/worlds';

/** Where a heart or follow button posts without script (lib/subscriptions/form.ts). */
export function keepFormAction(world: WorldCode): string {
  return `/api/v3/subscriptions/form?world=${world}`;
}

/**
 * A material's heart, as markup for a card: a form that adds the favourite without script, and
 * that the keep script (lib/subscriptions/keep-script.ts) turns into a toggle. The same for every
 * visitor: the filled state comes from the browser.
 */
export function keepMaterialHtml(world: WorldCode, materialId: number, label: string, kept = false): SafeHtml {
  return markup`<form class="keep" method="post" action="${keepFormAction(world)}" data-keep="material" data-keep-id="${String(materialId)}"><input type="hidden" name="subjectId" value="${String(materialId)}"/><button class="keep-heart" name="subjectType" value="material" aria-pressed="${kept ? 'true' : 'false'}" aria-label="${label}" title="${label}"></button></form>`;
}

/** The heart of a material's own page (the same control, beside the title). */
export function KeepMaterialButton({
  world,
  materialId,
  label,
}: {
  world: WorldCode;
  materialId: number;
  label: string;
}) {
  return (
    <form
      className="keep keep-inline"
      method="post"
      action={keepFormAction(world)}
      data-keep="material"
      data-keep-id={materialId}
      suppressHydrationWarning
    >
      <input type="hidden" name="subjectId" value={materialId} />
      <button
        className="keep-heart"
        name="subjectType"
        value="material"
        aria-pressed="false"
        aria-label={label}
        title={label}
        // The keep script sets the state before React may hydrate.
        suppressHydrationWarning
      />
    </form>
  );
}

/**
 * Follow an author: a form that follows without script (and lands on the author's page with its
 * notice); with the keep script a toggle whose two labels CSS shows by `aria-pressed`.
 */
export function FollowAuthorButton({
  world,
  authorId,
  texts,
}: {
  world: WorldCode;
  authorId: number;
  texts: { follow: string; following: string };
}) {
  return (
    <form
      className="keep-follow"
      method="post"
      action={keepFormAction(world)}
      data-keep="author"
      data-keep-id={authorId}
      suppressHydrationWarning
    >
      <input type="hidden" name="subjectId" value={authorId} />
      <button
        className="button follow-entry"
        name="subjectType"
        value="author"
        aria-pressed="false"
        data-testid="follow-entry"
        suppressHydrationWarning
      >
        <span className="keep-off">{texts.follow}</span>
        <span className="keep-on">{texts.following}</span>
      </button>
    </form>
  );
}
