import '../styles.css';
import { RemoteRoot } from '@board/shared/ui/remote-root';
import { JobsPage } from '../features/jobs/jobs-page';

export default function ExposedJobsPage() {
  return (
    <RemoteRoot name="listings">
      <JobsPage />
    </RemoteRoot>
  );
}
