import '../styles.css';
import { RemoteRoot } from '@board/shared/ui/remote-root';
import { TermsPage } from '../features/legal/terms-page';

export default function ExposedTermsPage() {
  return (
    <RemoteRoot name="static">
      <TermsPage />
    </RemoteRoot>
  );
}
