import '../styles.css';
import { RemoteRoot } from '@board/shared/ui/remote-root';
import { TalentScoutPage } from '../features/talent-scout/talent-scout-page';

export default function ExposedTalentScoutPage() {
  return (
    <RemoteRoot name="static">
      <TalentScoutPage />
    </RemoteRoot>
  );
}
