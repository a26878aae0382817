/**
 * The database's clock: `app_now()` is the time a transaction acts at. It is `now()` unless the
 * transaction says otherwise (`set local kamas.now = '…'`), which lets a season be walked through the
 * real domain at the instants it happened; every statement and every column default reads it.
 */
export const sql = `
create function app_now() returns timestamptz language sql stable
  as $clock$ select coalesce(nullif(current_setting('kamas.now', true), '')::timestamptz, now()) $clock$;

-- One statement: the migrator splits statements at a semicolon that ends a line.
do $defaults$ declare col record; begin
  for col in
    select table_name, column_name from information_schema.columns
     where table_schema = current_schema() and column_default = 'now()'
  loop execute format('alter table %I alter column %I set default app_now()', col.table_name, col.column_name); end loop; end
$defaults$;
`;
