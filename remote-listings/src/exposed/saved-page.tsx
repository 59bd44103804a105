import '../styles.css';
import { RemoteRoot } from '@board/shared/ui/remote-root';
import { SavedPage } from '../features/saved/saved-page';

export default function ExposedSavedPage() {
  return (
    <RemoteRoot name="listings">
      <SavedPage />
    </RemoteRoot>
  );
}
