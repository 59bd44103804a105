import './standalone.css';
import { startStandalone } from '@board/shared/react/standalone';
import { routes } from './routes';

void startStandalone('apply', routes);
