-- CreateIndex
CREATE INDEX "users_role_name_email_idx" ON "users"("role", "name", "email");
