import '../styles.css';
import { RemoteRoot } from '@board/shared/ui/remote-root';
import { SuccessPage } from '../features/apply/success-page';

export default function ExposedSuccessPage() {
  return (
    <RemoteRoot name="apply">
      <SuccessPage />
    </RemoteRoot>
  );
}
