import { areaPage } from '@/components/areas/area-page';
import { ADMIN_VIEWS } from '@/components/areas/views/admin';

// Personal and per request: never cached, never prerendered.
export const dynamic = 'force-dynamic';

const page = areaPage('admin', ADMIN_VIEWS);

export const generateMetadata = page.generateMetadata;
export default page.Page;
