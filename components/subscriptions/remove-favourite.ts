import { markup, type SafeHtml } from '@/lib/text/html';
import type { WorldCode } from '@/lib/worlds/worlds';
import { keepFormAction } from './keep-controls';

/**
 * A favourite's remove button on the favourites page: a plain form post (with or without script)
 * that comes back to the page, its sort and page kept, with the notice.
 */
export function removeFavouriteHtml(world: WorldCode, materialId: number, returnPath: string, label: string): SafeHtml {
  return markup`<form class="keep-remove" method="post" action="${keepFormAction(world)}"><input type="hidden" name="subjectId" value="${String(materialId)}"/><input type="hidden" name="action" value="remove"/><input type="hidden" name="next" value="${returnPath}"/><button class="link-button" name="subjectType" value="material">${label}</button></form>`;
}
