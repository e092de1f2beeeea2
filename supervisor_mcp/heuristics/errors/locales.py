"""Failure messages as the C library, bash, Windows and PostgreSQL print them in other locales.

Users paste errors from machines set to German, French, Spanish, Portuguese, Chinese, Japanese or
Russian. The mechanism is the same as in English, so each constant is a regex alternation that joins
the English cue or signature of that mechanism. The wording is the tools' own (glibc's strerror and
strsignal, bash's, cmd.exe's and PostgreSQL's message catalogues, checked against bash 5.2, glibc 2.36
and PostgreSQL 15 where those are installed); where a catalogue changed its wording, both are listed.
"""

from __future__ import annotations

# ENOENT: compilers and coreutils print it translated.
ENOENT = (
    r"Datei oder Verzeichnis nicht gefunden|Aucun fichier ou dossier de ce type|"
    r"No existe el (?:archivo|fichero) o (?:el )?directorio|Arquivo ou diretório inexistente|"
    r"没有那个文件或目录|そのようなファイルやディレクトリはありません"
)
# cmd.exe's and Windows's "The system cannot find the file (path) specified." (ERROR_FILE_NOT_FOUND,
# ERROR_PATH_NOT_FOUND).
WIN_NOT_FOUND = (
    r"Le (?:fichier|chemin d['’]accès) spécifié est introuvable|"
    r"Das System kann (?:die angegebene Datei|den angegebenen Pfad) nicht finden|"
    r"El sistema no puede encontrar (?:el archivo|la ruta) especificad[oa]|"
    r"O sistema não pode encontrar o (?:arquivo|caminho) especificado|"
    r"系统找不到指定的(?:文件|路径)|指定されたファイルが見つかりません|指定されたパスが見つかりません|"
    r"Не удается найти указанный файл|Системе не удается найти указанный путь"
)
# Windows's "Access is denied." (ERROR_ACCESS_DENIED).
WIN_ACCESS_DENIED = (
    r"Accès refusé|Zugriff verweigert|\bDer Zugriff auf den Pfad [^\n]{1,300} wurde verweigert\b|"
    r"Acceso denegado|Acesso negado|拒绝访问|アクセスが拒否されました|"
    r"Отказано в доступе"
)
# git's "fatal: not a git repository".
GIT_NOT_A_REPO = (
    r"Kein Git-Repository|n['’]est (?:pas )?un dépôt git|no es un repositorio git|não é um repositório git|"
    r"不是(?:一个)? ?git 仓库|"
    r"git リポジトリではありません|не найден git репозиторий"
)
# EACCES.
EACCES = r"Keine Berechtigung|Permission non accordée|Permiso denegado|Permissão negada|权限不够|許可がありません"
# bash's "command not found" and cmd.exe's "is not recognized as an internal or external command".
COMMAND_NOT_FOUND = (
    r"Kommando nicht gefunden|Befehl nicht gefunden|commande introuvable|orden no encontrada|"
    r"comando não encontrado|未找到命令|コマンドが見つかりません|команда не найдена|"
    r"ist entweder falsch geschrieben oder\s{1,4}konnte nicht gefunden werden|"
    r"n'est pas reconnu en tant que commande interne|no se reconoce como un comando interno o externo|"
    r"não é reconhecido como um comando interno|不是内部或外部命令"
)
# ECONNREFUSED.
CONNECTION_REFUSED = (
    r"Verbindungsaufbau abgelehnt|Connexion refusée|Conexión rehusada|Conexão recusada|拒绝连接|"
    r"接続を拒否されました|В соединении отказано|Отказано в соединении"
)
# ENOSPC.
NO_SPACE = (
    r"kein Speicherplatz mehr verfügbar|Aucun espace disponible sur le périphérique|"
    r"No queda espacio en el dispositivo|Não há espaço disponível no dispositivo|设备上没有空间|"
    r"デバイスに空き領域がありません|На устройстве не осталось свободного места"
)
# SIGSEGV's and SIGKILL's names as the shell reports a signalled child.
SEGFAULT = (
    r"Speicherzugriffsfehler|Erreur de segmentation|Violación de segmento|Falha de segmentação|段错误|"
    r"Ошибка сегментирования"
)
# .NET's NullReferenceException message ("Object reference not set to an instance of an object.").
NULL_REFERENCE = (
    r"Der Objektverweis wurde nicht auf eine Objektinstanz festgelegt|"
    r"La référence d'objet n'est pas définie à une instance d'un objet|"
    r"Referencia a objeto no establecida como instancia de un objeto|"
    r"Referência de objeto não definida para uma instância de um objeto|"
    r"未将对象引用设置到对象的实例|オブジェクト参照がオブジェクト インスタンスに設定されていません|"
    r"Ссылка на объект не указывает на экземпляр объекта"
)
KILLED = r"^[ \t]*(?:Getötet|已杀死|Убито)[ \t]*$"
# Words of success and of "nothing to do" in those languages (git's "Already up to date", a program's "finished
# successfully"): output that says so in another language is a normal result.
SUCCESS_WORDS = (
    r"(?<!nicht )erfolgreich|réussi|avec succès|exitosamente|correctamente|com sucesso|(?<!не)успешно|"
    r"(?<!未)(?<!不)成功|(?<!未)(?<!法)完成|已经是最新|"
    r"最新の状態|完了しました|Bereits aktuell|Déjà à jour|Ya está actualizado"
)
# The word for error or failure (a zero tally, "0 Fehler", is not one): output in another language is never
# "nothing failed" just because no English word says so.
FAILURE_WORDS = r"(?<!0 )(?:fehler|erreur)|fehlgeschlagen|échec|échoué|errore|\berro\b|错误|失败|エラー|失敗|ошибк"
# PostgreSQL's catalogue: a refused password, a relation that does not exist, a syntax error.
PG_AUTH_FAILED = (
    r"Passwort-Authentifizierung für Benutzer|authentification par mot de passe échouée|"
    r"la autentificación password falló"
)
PG_NO_RELATION = (
    r"Relation »[^«\n]{1,100}« existiert nicht|la relation « [^»\n]{1,100} » n'existe pas|"
    r"no existe la relación «[^»\n]{1,100}»"
)
PG_SYNTAX = r"Syntaxfehler bei »|erreur de syntaxe sur ou près de|error de sintaxis en o cerca de"
