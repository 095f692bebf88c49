-- The two database roles of a production install (README, "Two database roles"; decision 025). Run once as a
-- superuser:
--   psql -U postgres -v owner_password='…' -v server_password='…' -f deploy/postgres/roles.sql
-- then `npm run migrate` with DATABASE_MIGRATION_URL=postgres://gama_owner:…@host/gama and
-- DATABASE_URL=postgres://gama_server:…@host/gama, which applies the migrations as gama_owner and grants
-- gama_server what the server needs (again after every later migration run).

-- Owns the database and its schema; runs the migrations. Not used by the running server.
CREATE ROLE gama_owner LOGIN PASSWORD :'owner_password';
-- The server's role: owns nothing, may not create objects, and may only add and read rows of the audit log
-- and the ledger's append-only tables.
CREATE ROLE gama_server LOGIN PASSWORD :'server_password';

CREATE DATABASE gama OWNER gama_owner;
-- Only the grants (npm run migrate) let gama_server in.
REVOKE ALL ON DATABASE gama FROM PUBLIC;

\connect gama
-- PostgreSQL 15 and later: the public schema belongs to the database's owner and PUBLIC may not create in it.
-- Earlier versions: make it so.
ALTER SCHEMA public OWNER TO gama_owner;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
