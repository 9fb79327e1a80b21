-- Decision 0072: reopening a closed period is code 175 ('Abrir período fechado'). The protected Administrador
-- profile of every customer holds every customer code; existing ones get the new code here, new ones get it
-- with the rest when the customer is created.
INSERT INTO "perfil_permissoes" ("tenant_id", "perfil_id", "codigo")
SELECT "tenant_id", "id", 175 FROM "perfis" WHERE "protegido"
ON CONFLICT DO NOTHING;
