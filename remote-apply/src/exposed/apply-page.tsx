import '../styles.css';
import { RemoteRoot } from '@board/shared/ui/remote-root';
import { ApplyPage } from '../features/apply/apply-page';

export default function ExposedApplyPage() {
  return (
    <RemoteRoot name="apply">
      <ApplyPage />
    </RemoteRoot>
  );
}
