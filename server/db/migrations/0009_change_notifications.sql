-- Every instance's in-memory caches (sessions, the analytics ETag) learn what changed from the database itself
-- (decision 030): these triggers NOTIFY "tagit_changes" on commit, from every write path, cascades included.
-- Identical payloads in one transaction are delivered once.
-- A session ended, or was cut short (the sliding expiry only ever moves it later: that needs no word).
CREATE FUNCTION tagit_notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.expires_at < OLD.expires_at OR NEW.user_id <> OLD.user_id
    OR NEW.token_hash <> OLD.token_hash THEN
    PERFORM pg_notify('tagit_changes', 'session:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_ended AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION tagit_notify_session_ended();
--> statement-breakpoint
-- A member's row changed (other than the activity stamps the session lookup writes itself): their cached sessions
-- go. A change to what an owner's analytics shows of a visitor (tagg, picture) also says "visitor".
CREATE FUNCTION tagit_notify_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('tagit_changes', 'profile:' || OLD.id);
    PERFORM pg_notify('tagit_changes', 'visitor:' || OLD.id);
    RETURN NULL;
  END IF;
  IF (to_jsonb(OLD) - 'last_active' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_active' - 'updated_at') THEN
    PERFORM pg_notify('tagit_changes', 'profile:' || NEW.id);
  END IF;
  IF OLD.tagg IS DISTINCT FROM NEW.tagg OR OLD.profile_picture_url IS DISTINCT FROM NEW.profile_picture_url THEN
    PERFORM pg_notify('tagit_changes', 'visitor:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_notify_changed AFTER UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION tagit_notify_profile_changed();
--> statement-breakpoint
-- What an owner's analytics list shows changed: their events, or their posts (images, scramble flag). The
-- trigger's argument names the owner's column.
CREATE FUNCTION tagit_notify_analytics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    owner := to_jsonb(OLD) ->> TG_ARGV[0];
  ELSE
    owner := to_jsonb(NEW) ->> TG_ARGV[0];
  END IF;
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('tagit_changes', 'analytics:' || owner);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_analytics_notify_changed AFTER INSERT OR UPDATE OR DELETE ON search_analytics
  FOR EACH ROW EXECUTE FUNCTION tagit_notify_analytics_changed('target_user_id');
--> statement-breakpoint
CREATE TRIGGER tagged_posts_notify_changed AFTER INSERT OR UPDATE OR DELETE ON tagged_posts
  FOR EACH ROW EXECUTE FUNCTION tagit_notify_analytics_changed('user_id');
--> statement-breakpoint
-- Emptying a table (tests reset the database so) fires no row trigger: every cache forgets everything.
CREATE FUNCTION tagit_notify_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tagit_changes', 'reset:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_reset AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION tagit_notify_reset();
--> statement-breakpoint
CREATE TRIGGER profiles_notify_reset AFTER TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION tagit_notify_reset();
--> statement-breakpoint
CREATE TRIGGER search_analytics_notify_reset AFTER TRUNCATE ON search_analytics
  FOR EACH STATEMENT EXECUTE FUNCTION tagit_notify_reset();
--> statement-breakpoint
CREATE TRIGGER tagged_posts_notify_reset AFTER TRUNCATE ON tagged_posts
  FOR EACH STATEMENT EXECUTE FUNCTION tagit_notify_reset();
