import { areaPage } from '@/components/areas/area-page';
import { SHOPPING_VIEWS } from '@/components/areas/views/shopping';

// Personal and per request: never cached, never prerendered.
export const dynamic = 'force-dynamic';

const page = areaPage('shopping', SHOPPING_VIEWS);

export const generateMetadata = page.generateMetadata;
export default page.Page;
