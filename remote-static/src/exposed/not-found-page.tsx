import '../styles.css';
import { NotFoundPanel } from '@board/shared/ui/not-found-panel';
import { RemoteRoot } from '@board/shared/ui/remote-root';

export default function ExposedNotFoundPage() {
  return (
    <RemoteRoot name="static">
      <NotFoundPanel />
    </RemoteRoot>
  );
}
