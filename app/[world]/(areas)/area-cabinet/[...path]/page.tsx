import { areaPage } from '@/components/areas/area-page';
import { CABINET_VIEWS } from '@/components/areas/views/cabinet';

// Personal and per request: never cached, never prerendered.
export const dynamic = 'force-dynamic';

const page = areaPage('cabinet', CABINET_VIEWS);

export const generateMetadata = page.generateMetadata;
export default page.Page;
