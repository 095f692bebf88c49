import { createButtonLink } from '@gama/ui/Button';
import { Link } from 'react-router';

/** A link that looks like a button, through the console's router. */
export const ButtonLink = createButtonLink(Link);
