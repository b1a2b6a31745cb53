// Placeholder until this page is built: its heading only.
import { useCatalogue } from '../catalogue.ts';
import { shellMessages } from '../shell/messages.ts';
import type { PageProps } from '../routes.tsx';

export default function EmployeesPage(_props: PageProps) {
  const { t } = useCatalogue(shellMessages);
  return <h1>{t('nav.employees')}</h1>;
}
