import '../styles.css';
import { useSearchParams } from '@board/shared/lib/router';
import { RemoteRoot } from '@board/shared/ui/remote-root';
import { messageParam, TalentScoutPage } from '../features/talent-scout/talent-scout-page';

export default function ExposedTalentScoutPage() {
  const [params] = useSearchParams();
  return (
    <RemoteRoot name="static">
      <TalentScoutPage sent={params.get(messageParam) ?? ''} />
    </RemoteRoot>
  );
}
