ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role";--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role" CHECK (role in ('admin', 'manager', 'floor'));