package io.shardlab.mongos;

import org.bson.BsonDocument;

/**
 * One command as a family's handler gets it: the database it runs on, its canonical name, the document the
 * client sent, and its arguments read through the command's {@link CommandSyntax}.
 */
record CommandRequest(String database, String name, BsonDocument body, CommandArguments arguments) {

    /** The namespace {@code database.collection} a command names by its collection (a write, a read). */
    String namespaceOfCollection() {
        return database + "." + arguments.firstString();
    }

    /** Whether the command runs on {@code admin}. */
    boolean onAdmin() {
        return "admin".equals(database);
    }
}
