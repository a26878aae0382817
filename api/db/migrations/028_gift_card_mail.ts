/**
 * Gift cards by e-mail. A gift's recipient has no account: a message about a gift card names the
 * card (`gift_card_id`) and is sent to the address the card has when it goes, so a buyer who changes
 * the recipient before delivery changes where it goes. One message per kind, event and recipient
 * still holds with no recipient account (`nulls not distinct`). When a gift's delivery is sent, the
 * card records it and its buyer's copy is written in the same statement: one trigger, whichever
 * instance sent it. (Statements split at a semicolon ending a line: the function's body has none.)
 */
export const sql = `
alter table mail_outbox alter column recipient_uid drop not null;
alter table mail_outbox add column gift_card_id text references gift_cards (id);
alter table mail_outbox add constraint mail_outbox_has_recipient check (recipient_uid is not null or gift_card_id is not null);
alter table mail_outbox drop constraint mail_outbox_kind_event_key_recipient_uid_key;
alter table mail_outbox add constraint mail_outbox_one_per_event unique nulls not distinct (kind, event_key, recipient_uid);
create index mail_outbox_gift_card on mail_outbox (gift_card_id) where gift_card_id is not null;

create function gift_card_delivered() returns trigger language plpgsql as $$
begin
  update gift_cards set delivered_at = coalesce(delivered_at, new.sent_at) where id = new.gift_card_id; insert into mail_outbox (id, kind, event_key, recipient_uid, gift_card_id, due_at, next_attempt_at)
  select 'mail_' || rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '='),
         'gift-card-delivered', new.event_key, c.buyer_uid, c.id, now(), now()
    from gift_cards c where c.id = new.gift_card_id and c.buyer_uid is not null
  on conflict on constraint mail_outbox_one_per_event do nothing; return null; end $$;

create trigger mail_outbox_gift_card_delivered after update of status on mail_outbox
  for each row when (old.status <> 'sent' and new.status = 'sent' and new.kind = 'gift-card-delivery')
  execute function gift_card_delivered();
`;
