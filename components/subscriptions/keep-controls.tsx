import { markup, type SafeHtml } from '@/lib/text/html';
import type { WorldCode } from '@/lib/worlds/worlds';
import type { SubjectType } from '@/lib/subscriptions/limits';

/** Where a heart or follow button posts without script (lib/subscriptions/form.ts). */
export function keepFormAction(world: WorldCode): string {
  return `/api/v3/subscriptions/form?world=${world}`;
}

/** The id of the one form of a page that every heart (or follow button) submits. */
export function keepFormId(type: SubjectType): string {
  return `keep-${type}`;
}

/**
 * The page's two keep forms (in the layout, once): a heart or follow button anywhere on the page
 * belongs to one of them (`form="keep-material"`) and submits its own id as `subjectId`. One form
 * per page instead of one per card: 32 forms on a home page cost a phone's main thread more than
 * the buttons themselves (Lighthouse, docs/decisions.md).
 */
export function KeepForms({ world }: { world: WorldCode }) {
  return (
    <>
      {(['material', 'author'] as const).map((type) => (
        <form key={type} id={keepFormId(type)} method="post" action={keepFormAction(world)} hidden>
          <input type="hidden" name="subjectType" value={type} />
        </form>
      ))}
    </>
  );
}

/**
 * A material's heart, as markup for a card: a submit button of the page's material keep form, so
 * it adds the favourite without script; the keep script (lib/subscriptions/keep-script.ts) turns
 * it into a toggle. The same for every visitor: the filled state comes from the browser.
 */
export function keepMaterialHtml(materialId: number, label: string, kept = false): SafeHtml {
  const id = String(materialId);
  return markup`<button class="keep-heart" form="${keepFormId('material')}" name="subjectId" value="${id}" data-keep="material" data-keep-id="${id}" aria-pressed="${kept ? 'true' : 'false'}" aria-label="${label}" title="${label}"></button>`;
}

/** The heart of a material's own page (the same control, beside the title). */
export function KeepMaterialButton({ materialId, label }: { materialId: number; label: string }) {
  return (
    <button
      className="keep-heart"
      form={keepFormId('material')}
      name="subjectId"
      value={materialId}
      data-keep="material"
      data-keep-id={materialId}
      aria-pressed="false"
      aria-label={label}
      title={label}
      // The keep script sets the state before React may hydrate.
      suppressHydrationWarning
    />
  );
}

/**
 * Follow an author: a submit button of the page's author keep form (follows without script and
 * lands on the author's page with its notice); with the keep script a toggle whose two labels
 * CSS shows by `aria-pressed`.
 */
export function FollowAuthorButton({
  authorId,
  texts,
}: {
  authorId: number;
  texts: { follow: string; following: string };
}) {
  return (
    <button
      className="button follow-entry"
      form={keepFormId('author')}
      name="subjectId"
      value={authorId}
      data-keep="author"
      data-keep-id={authorId}
      aria-pressed="false"
      data-testid="follow-entry"
      suppressHydrationWarning
    >
      <span className="keep-off">{texts.follow}</span>
      <span className="keep-on">{texts.following}</span>
    </button>
  );
}
