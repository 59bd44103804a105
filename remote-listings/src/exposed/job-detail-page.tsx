import '../styles.css';
import { RemoteRoot } from '@board/shared/ui/remote-root';
import { JobDetailPage } from '../features/job-detail/job-detail-page';

export default function ExposedJobDetailPage() {
  return (
    <RemoteRoot name="listings">
      <JobDetailPage />
    </RemoteRoot>
  );
}
