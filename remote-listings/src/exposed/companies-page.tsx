import '../styles.css';
import { RemoteRoot } from '@board/shared/ui/remote-root';
import { CompaniesPage } from '../features/companies/companies-page';

export default function ExposedCompaniesPage() {
  return (
    <RemoteRoot name="listings">
      <CompaniesPage />
    </RemoteRoot>
  );
}
