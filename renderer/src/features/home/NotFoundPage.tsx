import { Link } from 'react-router';
import { useT } from '../../i18n/index.js';

export function NotFoundPage() {
  const t = useT();
  return (
    <main className="page">
      <h1>{t('home.notFound.title')}</h1>
      <p>
        <Link to="/">{t('home.notFound.back')}</Link>
      </p>
    </main>
  );
}
