/** /ops/promo-codes: every promo code with its terms and uses; adding one, and changing or pausing each. */
import { useState } from 'react';
import type { OpsPromoCode } from '../../../../shared/contract/ops-answers.ts';
import { denverDay } from '../../../../shared/rules/dates.ts';
import { promoTerms } from '../../../lib/ops-links.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { OpsStates } from './OpsStates.tsx';
import { PromoForm } from './PromoForm.tsx';
import '../../../styles/account.css';
import '../../../styles/ops.css';
import OpsNotice from './OpsNotice.tsx';

export default function PromoCodesPage() {
  const state = useStaffData<OpsPromoCode[]>('promo-codes', (signal) => opsApi.promoCodes({ signal }));
  const [saved, setSaved] = useState<{ codes: OpsPromoCode[]; code: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [today] = useState(() => denverDay(Date.now()));
  if (state.status !== 'ready') return <OpsStates state={state} loadingLabel="Loading the promo codes" />;
  const codes = saved?.codes ?? state.data;
  const onSaved = (list: OpsPromoCode[], code: string) => {
    setSaved({ codes: list, code });
    setEditing(null);
  };
  return (
    <div className="ops">
      {saved && <OpsNotice>Saved {saved.code}.</OpsNotice>}
      <section className="ops-section" aria-labelledby="ops-promo-list">
        <h2 id="ops-promo-list">Promo codes</h2>
        {codes.length === 0 ? (
          <p className="ops-muted">No promo codes yet.</p>
        ) : (
          <ul className="ops-found" aria-label="Promo codes">
            {codes.map((promo) => (
              <li key={promo.code}>
                <strong>{promo.code}</strong>
                <span>{promoTerms(promo, today)}</span>
                {editing === promo.code ? (
                  <PromoForm promo={promo} onSaved={onSaved} onClose={() => setEditing(null)} />
                ) : (
                  <button type="button" className="button secondary" onClick={() => setEditing(promo.code)}>
                    Change<span className="visually-hidden"> {promo.code}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <PromoForm key={saved?.code ?? 'new'} promo={null} onSaved={onSaved} />
    </div>
  );
}
