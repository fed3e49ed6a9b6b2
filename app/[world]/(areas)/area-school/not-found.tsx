import { AreaNotFound } from '@/components/areas/area-frame';

/** The translated not-found state of the area. */
export default function NotFound() {
  return <AreaNotFound area="school" />;
}
