import '../styles.css';
import { RemoteRoot } from '@board/shared/ui/remote-root';
import { CompanyPage } from '../features/companies/company-page';

export default function ExposedCompanyPage() {
  return (
    <RemoteRoot name="listings">
      <CompanyPage />
    </RemoteRoot>
  );
}
