import { createButtonLink } from '@gama/ui/Button';
import { Link } from '../lib/router/index.ts';

/** A link that looks like a button, through the player app's router. */
export const ButtonLink = createButtonLink(Link);
